"""Round-robin groups, then the core's playoff: the snake draw into groups, the Berger
tables (`pairing`), each group's rounds (`stage`), its tables (`tables`) and page pieces."""

# The group stage's kind, and the championship's status while it is played.
GROUPS = "groups"
