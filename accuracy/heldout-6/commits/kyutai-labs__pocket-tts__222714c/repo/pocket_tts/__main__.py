#!/usr/bin/env python3

from pocket_tts.main import cli_app

if __name__ == "__main__":
    cli_app()
