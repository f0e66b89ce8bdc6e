"""The stack gives Apertium APY only the pair modes whose programs and data files are all installed
(stack/apertium_modes.py), so the translator never offers a pair that fails on its first request."""

from pathlib import Path

from stack.apertium_modes import INSTALLED_MODES, broken_modes, link_runnable_modes


def mode(directory: Path, name: str, pipeline: str) -> Path:
    path = directory / f"{name}.mode"
    path.write_text(pipeline)
    return path


def test_a_mode_naming_a_missing_file_or_program_is_left_out_and_the_rest_linked(tmp_path):
    modes, data = tmp_path / "modes", tmp_path / "data"
    modes.mkdir()
    data.mkdir()
    (data / "xx-yy.automorf.bin").write_bytes(b"")
    good = mode(modes, "xx-yy", f"cat '{data}/xx-yy.automorf.bin' | sort -r")
    mode(modes, "yy-xx", f"cat '{data}/yy-xx.automorf.bin' | sort")
    mode(modes, "xx-zz", f"no-such-apertium-program '{data}/xx-yy.automorf.bin'")
    mode(modes, "xx-yy-debug", f"cat '{data}/missing.bin'")  # not a pair APY lists: ignored
    left_out = link_runnable_modes(tmp_path / "runnable", modes)
    assert {item.name: item.missing for item in left_out} == {
        "yy-xx": (f"{data}/yy-xx.automorf.bin",),
        "xx-zz": ("no-such-apertium-program",),
    }
    linked = sorted((tmp_path / "runnable").iterdir())
    assert [path.name for path in linked] == ["xx-yy.mode"] and linked[0].resolve() == good


def test_debians_spanish_to_esperanto_mode_is_the_one_broken_pair_installed():
    """What scripts/setup reports on this machine's packages (es-eo names apertium-eo-es/, which
    apertium-eo-es does not install)."""
    broken = broken_modes(INSTALLED_MODES)
    assert [item.name for item in broken] == ["es-eo"]
    assert "/usr/share/apertium/apertium-eo-es/es-eo.autogen.bin" in broken[0].missing
