"""hauntkit.bots"""
