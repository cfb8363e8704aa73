"""The services facade over every domain, and the daily run."""
