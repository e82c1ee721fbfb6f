"""Shared set-up of every lmhead Python test.

lmhead reads its settings from the environment once (lmhead.settings): a
test's ``monkeypatch.setenv`` and ``monkeypatch.delenv`` make it read them
again, and every test starts from the environment as it is then.
"""

import pytest

from lmhead import settings


@pytest.fixture
def monkeypatch(monkeypatch):
    """pytest's monkeypatch, whose setenv and delenv reload lmhead's
    settings."""
    setenv, delenv = monkeypatch.setenv, monkeypatch.delenv

    def setenv_and_reload(name, value, prepend=None):
        setenv(name, value, prepend)
        settings.reload()

    def delenv_and_reload(name, raising=True):
        delenv(name, raising)
        settings.reload()

    monkeypatch.setenv = setenv_and_reload
    monkeypatch.delenv = delenv_and_reload
    return monkeypatch


@pytest.fixture(autouse=True)
def _fresh_settings():
    settings.reload()
