# examples.
