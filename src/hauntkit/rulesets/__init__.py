"""hauntkit.rulesets"""
