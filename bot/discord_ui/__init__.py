"""The Discord adapter: components, renderers, the table controller and display, wording and limits."""
