"""Repository-level wiring only: the plugin is loaded through its pytest11 entry point."""

pytest_plugins = ["pytester"]
