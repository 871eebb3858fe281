"""Every write the server acknowledged survives `kill -9`, and none is stored half-way."""
import threading
import time
import urllib.error

import pytest

from conftest import Server


def test_acknowledged_writes_survive_kill_9():
    server = Server()
    acknowledged = []
    lock = threading.Lock()
    stop = threading.Event()

    def writer(worker):
        number = 0
        while not stop.is_set():
            name = f"w{worker}-{number}"
            try:
                item = server.create_item(name, f"SN-{name}", number)
            except (urllib.error.URLError, ConnectionError, OSError):
                return
            with lock:
                acknowledged.append((item["id"], name, number))
            number += 1

    threads = [threading.Thread(target=writer, args=(worker,)) for worker in range(4)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while True:
        with lock:
            if len(acknowledged) >= 150:
                break
        if time.monotonic() > deadline or not any(thread.is_alive() for thread in threads):
            stop.set()
            pytest.fail(f"only {len(acknowledged)} of 150 writes were acknowledged before the writers stopped or a minute passed")
        time.sleep(0.001)
    server.kill()  # in the middle of the writes
    stop.set()
    for thread in threads:
        thread.join()

    server.start()  # on the same data folder
    try:
        stored = {item["id"]: item for item in server.items()}
        for item_id, name, value in acknowledged:
            assert item_id in stored, f"acknowledged item {name} was lost"
            item = stored[item_id]
            assert (item["name"], item["serialNumber"], item["valueInDollars"]) == (name, f"SN-{name}", value)
        assert sorted(item["position"] for item in stored.values()) == list(range(len(stored)))
    finally:
        server.stop()
