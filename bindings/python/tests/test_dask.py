"""kma.dask on a LocalCluster of 2 worker processes: output identical to the
kma command, one model per worker process, and a worker killed mid-run.

The input is a slice of ../shared/data/raw/reviews_all.txt when the shared
data is present, else tests/data/fixture.txt repeated to a similar size (so
that tasks last long enough to kill a worker in the middle of one).
"""
import os
import signal
import subprocess
import threading
import time

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402

import kma  # noqa: E402
import kma.dask  # noqa: E402

#: Bytes of reviews_all.txt analysed (about 1,000 lines): enough for a dozen
#: blocks, small enough to keep the test at a few seconds of analysis.
SLICE_BYTES = 100_000


@pytest.fixture(scope="module")
def corpus(shared_data, fixture_text, tmp_path_factory):
    """(path, block size giving about 10 blocks) of the test input."""
    source = shared_data / "raw" / "reviews_all.txt" if shared_data else None
    if source is not None and source.is_file():
        with open(source, "rb") as f:
            data = f.read(SLICE_BYTES)
        data = data[:data.rindex(b"\n") + 1]
    else:
        fixture = fixture_text.read_bytes() + b"\n"
        data = fixture * (SLICE_BYTES // 2 // len(fixture))
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    path.write_bytes(data)
    return path, len(data) // 12


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address="127.0.0.1:0", silence_logs=40)
    with cluster, distributed.Client(cluster) as c:
        yield c


def cli_output(cli, path, fmt, *extra):
    return subprocess.run([cli, "analyze", "--format", fmt, *extra, str(path)], check=True,
                          capture_output=True).stdout


def merged(parts, tmp_path):
    dest = tmp_path / "merged"
    kma.dask.concat_parts(parts, dest)
    return dest.read_bytes()


@pytest.mark.parametrize("fmt", ["json", "morphs", "tsv"])
def test_files_identical_to_cli(client, corpus, cli, tmp_path, fmt):
    path, blocksize = corpus
    parts = kma.dask.analyze_files([path], tmp_path / "out", blocksize=blocksize, format=fmt,
                                   client=client)
    assert len(parts) >= 8
    assert [os.path.basename(p) for p in parts] == sorted(os.listdir(tmp_path / "out"))
    assert merged(parts, tmp_path) == cli_output(cli, path, fmt)


def test_each_worker_opens_the_model_once(client, corpus, tmp_path):
    path, blocksize = corpus
    kma.dask.analyze_files([path, path], tmp_path / "out", blocksize=blocksize // 2,
                           client=client)
    states = client.run(kma.dask.worker_state)
    assert len(states) == 2
    for state in states.values():
        # Dozens of tasks, one model per process (opened by an earlier test
        # or on its first task here), shared by its tasks.
        assert state["models_opened"] == 1, states
        assert state["models"] == [kma.default_model_path()]


def test_bag_and_dataframe(client, corpus, cli, fixture_text):
    path, _ = corpus
    lines = kma.dask.analyze_bag(db.read_text(str(path), blocksize=20_000), format="json")
    got = "\n".join(lines.compute()) + "\n"
    assert got.encode() == cli_output(cli, path, "json")
    texts = [l.rstrip("\r") for l in fixture_text.read_text(encoding="utf-8").split("\n")]
    frame = dd.from_pandas(pd.DataFrame({"id": range(len(texts)), "text": texts}),
                           npartitions=3)
    result = kma.dask.analyze_dataframe(frame, "text", output_column="morphs").compute()
    want = cli_output(cli, fixture_text, "morphs").decode().split("\n")[:-1]
    assert list(result["morphs"]) == want and list(result["id"]) == list(range(len(texts)))


def test_typos_switch_reaches_the_workers(client, corpus, cli):
    path, _ = corpus
    lines = kma.dask.analyze_bag(db.read_text(str(path), blocksize=20_000), format="morphs",
                                 typos=True)
    got = ("\n".join(lines.compute()) + "\n").encode()
    assert got == cli_output(cli, path, "morphs", "--typos")


def test_tags_and_user_dicts_reach_the_workers(client, golden_dir, cli, tmp_path):
    # The options object of kma.Analyzer, with a user dictionary given as a
    # file (read by the workers) or as a UserDict (its entries travel with
    # the tasks), and the tags filter: the CLI's output with --user-dict and
    # --tags.
    corpus, dict_file = golden_dir / "user_dict_corpus.txt", golden_dir / "user_dict.tsv"
    want = cli_output(cli, corpus, "json", "--user-dict", str(dict_file), "--tags", "NNP,VA,VV")
    d = kma.UserDict(kma.Model())
    d.load(dict_file)
    opts = kma.Options(output_tags=["NNP", "VA", "VV"])
    for source in (str(dict_file), d):
        parts = kma.dask.analyze_files([corpus], tmp_path / "out", options=opts, user_dict=source,
                                       client=client)
        assert merged(parts, tmp_path) == want
    lines = kma.dask.analyze_bag(db.read_text(str(corpus)), options=opts.replace(user_dict=d))
    assert ("\n".join(lines.compute()) + "\n").encode() == want
    assert want != cli_output(cli, corpus, "json", "--tags", "NNP,VA,VV")


def test_invalid_utf8_names_file_and_byte(client, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes("좋은 줄\n".encode() * 50 + b"ab\xffcd\n" + "좋은 줄\n".encode())
    with pytest.raises(kma.InvalidTextError) as info:
        kma.dask.analyze_files([path], tmp_path / "out", blocksize=100, client=client)
    bad_line = len("좋은 줄\n".encode()) * 50
    assert info.value.offset == bad_line + 2
    assert f"bad.txt: line starting at byte {bad_line}" in info.value.message


def test_line_over_the_limit_names_file_and_line(client, tmp_path):
    path = tmp_path / "long.txt"
    path.write_bytes("좋은 줄\n".encode() * 3 + "가".encode() * 40 + b"\n")
    with pytest.raises(kma.InvalidTextError) as info:
        kma.dask.analyze_files([path], tmp_path / "out", max_line_bytes=100, client=client)
    assert info.value.status_name == "KMA_E_INPUT_TOO_LONG"
    assert f"long.txt: line starting at byte {len('좋은 줄'.encode()) * 3 + 3}" in info.value.message


def test_killed_worker_is_replaced_and_output_identical(client, corpus, cli, tmp_path):
    path, blocksize = corpus
    out = tmp_path / "out"
    before = client.run(os.getpid)
    result = {}

    def run():
        try:
            result["parts"] = kma.dask.analyze_files([path], out, blocksize=blocksize // 2,
                                                     client=client)
        except BaseException as e:  # reported by the main thread
            result["error"] = e

    runner = threading.Thread(target=run)
    runner.start()
    # Kill (SIGKILL, no clean-up) a worker process that is running a task,
    # once the first part is written and before the last one is.
    victim = None
    deadline = time.monotonic() + 120
    while victim is None and runner.is_alive() and time.monotonic() < deadline:
        done = [n for n in os.listdir(out) if not n.endswith(".tmp")] if out.exists() else []
        busy = [w for w, tasks in client.processing().items() if tasks]
        if done and busy:
            victim = before[busy[0]]
            os.kill(victim, signal.SIGKILL)
        time.sleep(0.05)
    runner.join(timeout=300)
    assert victim is not None, "the run ended before a worker could be killed"
    assert "error" not in result, result.get("error")
    assert merged(result["parts"], tmp_path) == cli_output(cli, path, "json")
    assert not [n for n in os.listdir(out) if n.endswith(".tmp")]
    # The nanny started a new process in place of the killed one.
    client.wait_for_workers(2, timeout=60)
    after = set(client.run(os.getpid).values())
    assert victim not in after and len(after) == 2
