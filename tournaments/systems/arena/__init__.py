"""The Arena: entrants paired again as soon as they are free, for a fixed time, scored
with streaks and berserk. Its pure rules: `scoring` (the points of each game) and
`waves` (who meets whom when several entrants are free at once)."""

# The stage's kind, and the championship's status while it is played.
ARENA = "arena"
