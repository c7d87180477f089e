"""Learned policies: features a game hands over, a softmax policy over them, and its training
by self-play (``furuba train``).

The package names no game: a game hands the learner its features through the ``learning``
loader of its spec (:class:`~furuba.learn.features.ActionFeatures`).
"""
