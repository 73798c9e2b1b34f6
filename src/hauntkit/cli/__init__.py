"""The `hauntkit` command line."""
