from tests.processes import private_redis, workers  # noqa: F401 (fixtures for these tests)
