"""A battle of Riddle of the Beast (rules: "Combat Rules", "Status Effects", "Interrupts",
"Ability Cool Downs", "Elemental Attacks"): the board, dice, attacks, statuses, the turn flow,
the enemy turn and the hunters' actions."""
