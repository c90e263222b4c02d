"""The pygame-ce application: scenes, table drawing, animation, input."""
