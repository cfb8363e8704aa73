"""What every domain's service is handed: who is asking, the shared lookups,
access, and the notice hub.
"""
