"""`harnessif` subcommands: one module per command group, each exposing `add_parser(subparsers)`.

A command's handler takes the parsed `argparse.Namespace` and returns the process exit code.
"""
