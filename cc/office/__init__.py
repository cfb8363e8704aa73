"""The mail as the office keeps it: what came in, the outbound queue, the local outbox."""
