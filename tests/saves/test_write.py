"""Atomic writes: a failed or interrupted write leaves the previous file intact and
no temp file behind; a full disk or read-only folder gives a clear SaveError."""

from __future__ import annotations

import errno
import os

import pytest

import saves.store as store_mod
from saves import SaveError, Seat, new_save, record


def _saved(store, toy):
    s = new_save("toy", [Seat("Ann")], {"target": 100}, 1)
    record(s, toy.Add(1))
    path = store.write(s)
    return s, path, path.read_bytes()


def _files(folder):
    return sorted(p.name for p in folder.iterdir())


def _enospc(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("call", ["write", "fsync"])
def test_disk_full_raises_save_error_and_keeps_previous_file(store, toy, monkeypatch, call):
    s, path, before = _saved(store, toy)
    record(s, toy.Add(2))
    old_updated = s.updated
    with monkeypatch.context() as m, pytest.raises(SaveError) as info:
        m.setattr(store_mod.os, call, _enospc)
        store.write(s)
    assert str(info.value) == f"Could not save to {path}: disk full"
    assert path.read_bytes() == before
    assert _files(store.saves_dir) == [path.name]  # the temp file was removed
    assert s.updated == old_updated
    # the game plays on: the next autosave works once there is room
    store.write(s)
    assert store.load(s.id).actions[-1] == {"type": "add", "n": 2}


def test_interrupted_before_rename_keeps_old_save_and_no_stray_temp(store, toy, monkeypatch):
    s, path, before = _saved(store, toy)
    record(s, toy.Add(3))

    def boom(src, dst):
        raise OSError(errno.EIO, "power cut")

    monkeypatch.setattr(store_mod.os, "replace", boom)
    with pytest.raises(SaveError, match="Could not save to .*power cut"):
        store.write(s)
    assert path.read_bytes() == before
    assert [x.id for x in store.list()] == [s.id] and store.list_problems() == []
    assert _files(store.saves_dir) == [path.name]


def test_crash_leftover_temp_file_is_not_listed(store, toy):
    s, path, before = _saved(store, toy)
    # a process killed between writing the temp file and the rename leaves this:
    (store.saves_dir / f".{path.name}.dead.tmp").write_bytes(before[:10])
    assert [x.id for x in store.list()] == [s.id]
    assert store.list_problems() == []


def test_write_goes_through_temp_file_and_replace(store, toy, monkeypatch):
    s, path, _ = _saved(store, toy)
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append((os.path.basename(src), os.path.basename(dst), os.path.dirname(src) == os.path.dirname(dst)))
        # at the moment of the rename the old file is still complete
        assert store.load(s.id).cursor == 1
        real(src, dst)

    monkeypatch.setattr(store_mod.os, "replace", spy)
    record(s, toy.Add(1))
    store.write(s)
    (src, dst, same_dir), = seen
    assert src.startswith(".") and src.endswith(".tmp") and dst == path.name and same_dir
    assert store.load(s.id).cursor == 2


@pytest.mark.parametrize("err, words", [(errno.EROFS, "read-only"), (errno.EACCES, "permission denied")])
def test_read_only_folder_simulated(store, toy, monkeypatch, err, words):
    s, path, before = _saved(store, toy)
    real_open = os.open

    def deny(p, flags, *a, **k):
        if flags & os.O_CREAT:
            raise OSError(err, os.strerror(err))
        return real_open(p, flags, *a, **k)

    monkeypatch.setattr(store_mod.os, "open", deny)
    with pytest.raises(SaveError, match=f"Could not save to .*{words}"):
        store.write(s)
    assert path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores read-only modes")
def test_read_only_folder_real(store, toy):
    s, path, before = _saved(store, toy)
    os.chmod(store.saves_dir, 0o555)
    try:
        record(s, toy.Add(1))
        with pytest.raises(SaveError, match="Could not save to"):
            store.write(s)
        assert path.read_bytes() == before
        assert [x.id for x in store.list()] == [s.id]
    finally:
        os.chmod(store.saves_dir, 0o755)


def test_settings_write_on_full_disk_raises_and_keeps_old(store, monkeypatch):
    from saves import Settings

    store.save_settings(Settings(theme="nord"))
    before = store.settings_path.read_bytes()
    monkeypatch.setattr(store_mod.os, "write", _enospc)
    with pytest.raises(SaveError, match="disk full"):
        store.save_settings(Settings(theme="gruvbox"))
    assert store.settings_path.read_bytes() == before


def test_a_write_that_keeps_updated_keeps_last_played(store, toy):
    """A review kept in a finished game (tui/screens/review.py) is no play: its
    "last played" stays as the file says, so it does not jump to the top of the
    saves browser. The database store does the same (tests/host/test_player_store.py)."""
    older, _, _ = _saved(store, toy)
    on_disk = store.load(older.id).updated
    older.updated = "2000-01-01T00:00:00"  # the copy in memory is older than the file
    older.review = {"summary": "No mistakes."}
    store.write(older, keep_updated=True)
    loaded = store.load(older.id)
    assert loaded.updated == on_disk and loaded.review == {"summary": "No mistakes."}
    store.write(older)
    assert store.load(older.id).updated >= on_disk
