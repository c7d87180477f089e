"""Dai Hin Min meets the UECda contest (UEC Computer Daihinmin Contest): its cards on the wire
(:mod:`.cells`), its 480-byte tables (:mod:`.table`), and furuba as its client and its server."""
