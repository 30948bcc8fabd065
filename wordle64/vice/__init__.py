"""The game on VICE x64sc (Commodore ROMs, a true 1541) in headless Chromium: see session.py."""
