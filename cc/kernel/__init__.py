"""What every domain's service is handed: who is asking, the shared lookups,
access, the notice hub, and telling a database that is down.
"""
