"""A double elimination: the bracket's plan (`plan`, pure), its reads (`selectors`) and
its steps (`stage`)."""
