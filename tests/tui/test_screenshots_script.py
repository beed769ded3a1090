"""The README screenshots come from the real app on the demo data, through the project's own script."""

from __future__ import annotations

from memrev.tui import screenshots


def test_script_writes_every_screenshot_from_the_real_app(tmp_path, capsys):
    screenshots.main([str(tmp_path)])
    for name in screenshots.SHOTS:
        svg = (tmp_path / name).read_text(encoding="utf-8")
        assert svg.startswith("<svg")
        assert "memrev" in svg
    main = (tmp_path / "main.svg").read_text(encoding="utf-8")
    assert "By&#160;type" in main or "By type" in main
    hidden = (tmp_path / "hidden-characters.svg").read_text(encoding="utf-8")
    assert "U+200B" in hidden
    assert str(tmp_path) not in main + hidden  # no machine paths on screen
    assert set(capsys.readouterr().out.split()) == {str(tmp_path / name) for name in screenshots.SHOTS}


def test_committed_screenshots_match_the_script(tmp_path):
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "screenshots"
    screenshots.main([str(tmp_path)])
    for name in screenshots.SHOTS:
        committed = folder / name
        assert committed.is_file(), f"run `make screenshots` to create screenshots/{name}"
        fresh = (tmp_path / name).read_text(encoding="utf-8")
        assert committed.read_text(encoding="utf-8") == fresh, f"screenshots/{name} is stale: run `make screenshots`"
