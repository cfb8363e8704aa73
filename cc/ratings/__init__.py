"""The server's rating over the periods the organiser closes."""
