# Thin wrapper over CMake presets. `make demo` and `make test` are the two Quick-start commands.
PRESET ?= release
JOBS   ?= $(shell nproc)
BUILD  := build/$(PRESET)
DEMO   ?= scenarios/gpt3-175b-1024-a100.json
FUZZ_SECONDS ?= 60

.PHONY: all deps configure build demo gui screenshots test fuzz check-format format clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake --preset $(PRESET)

configure: $(BUILD)/build.ninja

build: deps configure
	cmake --build --preset $(PRESET) -j $(JOBS)

demo: build
	$(BUILD)/cli/windtunnel run $(DEMO)

# The desktop planner (docs/gui.md) on the demo scenario.
gui: build
	$(BUILD)/gui/app/windtunnel-gui $(DEMO)

# Renders docs/img/gui-*.png under Xvfb.
screenshots: build
	@scripts/install-deps.sh --screenshots
	@scripts/gui-screenshots.sh $(BUILD)

test: build
	ctest --preset $(PRESET) -j $(JOBS)

# Builds the libFuzzer targets with clang in build/fuzz and runs each for FUZZ_SECONDS.
fuzz:
	@scripts/install-deps.sh --fuzz
	@fuzz/run-fuzzers.sh $(FUZZ_SECONDS)

check-format:
	@scripts/check-format.sh

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
