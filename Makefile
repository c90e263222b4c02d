# Shortcuts; each target works from a fresh clone with only Python 3.11 (see dev.py).
PYTHON ?= python3

.PHONY: run test exe clean
run:
	$(PYTHON) dev.py run
test:
	$(PYTHON) dev.py test
exe:
	$(PYTHON) dev.py exe
clean:
	rm -rf .venv .pytest_cache .hypothesis dist *.egg-info
