"""The stored state's tables, one module per domain; :mod:`cc.store.models` names them all."""
