"""hauntkit.server"""
