"""hauntkit.content"""
