"""The hunters' named skills (rules: "Skills and Proficiencies", "Abilities of Note"): the
skills' battle side (skills.py), Curtis's Trigger Happy, Mathias's Blood Arts, Serenity's
Pets, Nysa's Card Casting and Tarot, Joe's Forage, and proficiency tiers."""
