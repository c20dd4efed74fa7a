"""A double elimination: the bracket's plan (`plan`, pure), its reads (`selectors`) and
its steps (`stage`)."""

# The stage's kind, and the championship's status while it is played.
DOUBLE_ELIMINATION = "double_elimination"
