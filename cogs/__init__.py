"""discord.py extensions: thin cogs that turn slash commands into table controller calls."""
