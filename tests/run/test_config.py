"""Configuration: embedded defaults, then the TOML file, then the environment."""

from __future__ import annotations

from pathlib import Path

from cc.run.config import load


def test_defaults_put_sqlite_under_var(tmp_path: Path) -> None:
    config = load({"CC_HOME": str(tmp_path)})
    assert config.database_url == f"sqlite:///{tmp_path / 'var' / 'cc.sqlite3'}"
    assert (config.web_host, config.web_port, config.web_enabled) == ("127.0.0.1", 8000, True)


def test_toml_file_then_environment(tmp_path: Path) -> None:
    (tmp_path / "cc.toml").write_text(
        '[database]\nurl = "postgresql://cc@db/cc"\n[web]\nport = 9000\nenabled = false\n',
        encoding="utf-8",
    )
    from_file = load({"CC_HOME": str(tmp_path)})
    assert (from_file.database_url, from_file.web_port) == ("postgresql://cc@db/cc", 9000)
    assert from_file.web_enabled is False
    overridden = load(
        {"CC_HOME": str(tmp_path), "CC_DATABASE_URL": "sqlite:///x.db", "CC_WEB_PORT": "9100"}
    )
    assert (overridden.database_url, overridden.web_port) == ("sqlite:///x.db", 9100)
    other = tmp_path / "other.toml"
    other.write_text('lang = "ru"\n', encoding="utf-8")
    named = load({"CC_HOME": str(tmp_path), "CC_CONFIG": str(other)})
    assert named.lang == "ru" and named.web_port == 8000
