"""Dots and Boxes: the rules engine, its declaration, board drawing, examples and rules."""
