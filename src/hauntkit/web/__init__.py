"""hauntkit.web"""
