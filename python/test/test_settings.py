"""lmhead.settings: the environment read once, and again on reload."""

import os

import pytest

from lmhead import compiler, settings


def test_settings_are_read_once_until_reloaded():
    os.environ["LMHEAD_COMPILE_TIMEOUT"] = "12"
    try:
        settings.reload()
        assert compiler.compile_timeout() == 12.0
        # A change lmhead does not hear of is not seen...
        os.environ["LMHEAD_COMPILE_TIMEOUT"] = "34"
        assert compiler.compile_timeout() == 12.0
        # ... until the settings are read again.
        settings.reload()
        assert compiler.compile_timeout() == 34.0
    finally:
        del os.environ["LMHEAD_COMPILE_TIMEOUT"]
        settings.reload()
    assert compiler.compile_timeout() == 900.0


def test_monkeypatch_reloads_the_settings(monkeypatch):
    monkeypatch.setenv("LMHEAD_COMPILE_TIMEOUT", "0")
    with pytest.raises(ValueError, match="LMHEAD_COMPILE_TIMEOUT='0'"):
        compiler.compile_timeout()
    monkeypatch.delenv("LMHEAD_COMPILE_TIMEOUT")
    assert compiler.compile_timeout() == 900.0


def test_only_the_packages_own_variables_are_settings():
    with pytest.raises(KeyError, match="HOME is not one of lmhead's"):
        settings.get("HOME")
