"""The Discord adapter: components, renderers, the table controller and display, and the deadline runner."""
