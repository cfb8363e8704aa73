"""One running site: configuration, wiring, the processes served, the schedule, the demo."""
