"""hauntkit.sim"""
