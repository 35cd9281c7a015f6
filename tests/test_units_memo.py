"""Unit answers kept on disk (verifier.units_memo): a later process reads them instead of asking
pint, a damaged table is ignored, and the cache can be turned off."""

from __future__ import annotations

import json

import pytest

from verifier import units, units_memo


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty cache folder, with nothing remembered in memory (before and after the test)."""
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path))
    for f in (units.factor, units.reciprocal_factor, units.dimension):
        f.cache_clear()
    units_memo.forget()
    yield tmp_path
    for f in (units.factor, units.reciprocal_factor, units.dimension):
        f.cache_clear()
    units_memo.forget()


def _no_pint(monkeypatch):
    def refuse():
        raise AssertionError("pint was asked")

    monkeypatch.setattr(units, "_registry", refuse)
    units._quantity.cache_clear()


def test_a_later_process_reads_the_answers_without_pint(fresh, monkeypatch):
    assert units.reciprocal_factor("ms/token", "tokens/s") == 1000.0
    assert units.factor("kW", "W") == 1000.0
    assert units.dimension("kWh") == "energy"
    units_memo.flush()
    [table] = (fresh / units_memo.FORMAT).glob("*.json")
    assert json.loads(table.read_text())["reciprocal"] == {"ms/token\x1ftokens/s": 1000.0}
    units_memo.forget()  # as a new process: nothing in memory
    for f in (units.factor, units.reciprocal_factor, units.dimension):
        f.cache_clear()
    _no_pint(monkeypatch)
    assert (units.reciprocal_factor("ms/token", "tokens/s"), units.factor("kW", "W"), units.dimension("kWh")) == (1000.0, 1000.0, "energy")
    with pytest.raises(AssertionError, match="pint was asked"):
        units.factor("MW", "W")  # a question no run asked before


def test_answers_of_two_processes_are_merged(fresh):
    assert units.factor("kW", "W") == 1000.0
    units_memo.flush()
    units_memo.forget()
    units.factor.cache_clear()
    assert units.factor("GW", "MW") == 1000.0
    units_memo.flush()
    [table] = (fresh / units_memo.FORMAT).glob("*.json")
    assert json.loads(table.read_text())["factor"] == {"GW\x1fMW": 1000.0, "kW\x1fW": 1000.0}


def test_a_damaged_table_is_ignored_and_replaced(fresh):
    assert units.factor("kW", "W") == 1000.0
    units_memo.flush()
    [table] = (fresh / units_memo.FORMAT).glob("*.json")
    table.write_text("{not json")
    units_memo.forget()
    units.factor.cache_clear()
    assert units.factor("kW", "W") == 1000.0
    units_memo.flush()
    assert json.loads(table.read_text()) == {"factor": {"kW\x1fW": 1000.0}}


def test_nothing_is_written_with_the_cache_off(fresh, monkeypatch):
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    units_memo.forget()
    assert units.factor("kW", "W") == 1000.0
    units_memo.flush()
    assert list(fresh.iterdir()) == []
