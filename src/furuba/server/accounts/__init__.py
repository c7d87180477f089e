"""Accounts: optional sign-up with a password (argon2id) or a passkey, sessions in cookies,
CSRF protection, and the seats an account holds.

Guests play exactly as before (an invite link and a seat token); an account keeps a name, a
history and ratings. Everything lives in the database, so any server process serves any
signed-in browser.

- :mod:`.names` — account names and password rules;
- :mod:`.passwords` — hashing and checking passwords;
- :mod:`.sessions` — the session cookie, the CSRF token and the guard that checks it;
- :mod:`.signed` — who is signed in, and signing a browser in;
- :mod:`.store` — the queries;
- :mod:`.passkeys` — WebAuthn ceremonies (the ``webauthn`` package) and their challenges;
- :mod:`.bodies` — the routes' request and response bodies;
- :mod:`.routes` and :mod:`.passkey_routes` — ``/api/accounts``, ``/api/session``, ``/api/me``
  and ``/api/passkeys``.
"""
