"""Round-robin groups, then the core's playoff: the snake draw into groups, the Berger
tables (`pairing`), each group's rounds (`stage`), its tables (`tables`) and page pieces."""
