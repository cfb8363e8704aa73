"""Pairing systems: Berger tables for round robins, Swiss rounds, knockout brackets."""
