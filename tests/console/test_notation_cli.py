"""`cc notation read|write` for players and scripts."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cc.console.main import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_read_prints_uci() -> None:
    assert run("notation", "read", "1. 5254 5755 2. Кf3 Кc6 3. Сb5") == (
        0,
        "e2e4 e7e5 g1f3 b8c6 f1b5\n",
        "",
    )
    code, out, _ = run("notation", "read", "--fen", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 40", "40. 57581")
    assert (code, out) == (0, "e7e8q\n")


def test_read_reports_the_kind_of_fault_and_exits_1() -> None:
    code, out, err = run("notation", "read", "1. 5254 5755 2. 7163 1234")
    assert code == 1
    assert out == "e2e4 e7e5 g1f3\n"
    assert err.startswith("impossible: 2... '1234'")
    code, _, err = run("notation", "read", "Nd2", "--fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    assert code == 1 and err.startswith("ambiguous")
    code, _, err = run("notation", "read", "hello")
    assert code == 1 and err.startswith("illegible")


def test_read_json() -> None:
    code, out, _ = run("notation", "read", "--json", "1.e4 e5 2.Кf3")
    data = json.loads(out)
    assert code == 0 and data["notation"] == "san-ru" and data["error"] is None
    assert [(m["number"], m["color"], m["uci"]) for m in data["moves"]] == [
        (1, "white", "e2e4"),
        (1, "black", "e7e5"),
        (2, "white", "g1f3"),
    ]


def test_write_in_every_notation() -> None:
    moves = ["e2e4", "e7e5", "g1f3"]
    expected = {
        "numeric": "5254 5755 7163",
        "san": "e4 e5 Nf3",
        "san-ru": "e4 e5 Кf3",
        "lan": "e2-e4 e7-e5 Ng1-f3",
        "lan-ru": "e2-e4 e7-e5 Кg1-f3",
        "uci": "e2e4 e7e5 g1f3",
    }
    for style, text in expected.items():
        assert run("notation", "write", *moves, "--as", style) == (0, text + "\n", "")
    assert run("notation", "write", *moves, "--as", "numeric", "--numbered")[1] == (
        "1. 5254 5755 2. 7163\n"
    )
    code, _, err = run("notation", "write", "e2e5", "--as", "san")
    assert code == 1 and "e2e5" in err
