// @ts-check
// The server's messages and events as JSDoc types, made from the protocol's JSON Schema
// (docs/protocol.schema.json) by scripts/protocol_types.py: do not edit, run it again.
// A module of types only: `import('./protocol-types.js').Welcome` names one.

/**
 * @typedef {object} Act
 * @property {'act'} type
 * @property {(number | string)} action
 * @property {number} seq_seen
 * @property {(number | null)} [seat]
 */

/**
 * An action was taken.
 * @typedef {object} ActionEvent
 * @property {'action'} kind
 * @property {number} player
 * @property {('human' | 'bot' | 'zombie')} by
 * @property {(LegalAction | null)} [action]
 */

/**
 * A written input of the game (a True Friends answer): ``name`` says which (default: the game's first).
 * @typedef {object} Answer
 * @property {'answer'} type
 * @property {string} text
 * @property {(number | null)} [seat]
 * @property {(string | null)} [name]
 */

/**
 * A written input of ``player``'s was kept (its input ``name``).
 * @typedef {object} AnswerEvent
 * @property {'answer'} kind
 * @property {number} player
 * @property {string} name
 */

/**
 * A friend's challenge waiting for an answer: who (``name``), to which game, and the seat kept at ``table`` (``at``: when it was made, in seconds since 1970).
 * @typedef {object} Challenge
 * @property {number} id
 * @property {string} name
 * @property {string} game
 * @property {string} title
 * @property {string} table
 * @property {string} url
 * @property {number} seat
 * @property {number} at
 */

/**
 * The friends' challenges the account received and has not answered.
 * @typedef {object} ChallengesEvent
 * @property {'challenges'} type
 * @property {Array<Challenge>} challenges
 */

/**
 * @typedef {object} Chat
 * @property {'chat'} type
 * @property {string} text
 */

/**
 * A chat line (``seat`` ``None``: a spectator's; ``text`` HTML-escaped, ``at`` in ms).
 * @typedef {object} ChatEvent
 * @property {'chat'} kind
 * @property {(number | null)} seat
 * @property {string} name
 * @property {string} text
 * @property {number} at
 */

/**
 * @typedef {object} ChatLine
 * @property {number} seq
 * @property {(number | null)} seat
 * @property {string} name
 * @property {string} text
 * @property {number} at
 */

/**
 * @typedef {(Hello | Act | Answer | Chat | Hint | Reclaim | Rematch | Undo | Sync | Ping)} ClientMessage
 */

/**
 * @typedef {object} ErrorMsg
 * @property {'error'} type
 * @property {string} code
 * @property {string} message
 * @property {(string | null)} [ref]
 */

/**
 * A numbered event; which optional parts it has depends on ``event.kind`` (:mod:`furuba.server.protocol.events`).
 * @typedef {object} Event
 * @property {'event'} type
 * @property {number} seq
 * @property {(StartEvent | ActionEvent | AnswerEvent | UndoEvent | ChatEvent | HiddenEvent | TableEvent | RematchEvent)} event
 * @property {(number | null)} [current_player]
 * @property {(string | null)} [status]
 * @property {(Array<ViewEntry> | null)} [views]
 * @property {(TableOut | null)} [table]
 * @property {(Timer | null)} [timer]
 */

/**
 * Client messages, table socket frames and event stream events (docs/WEB-API.md).
 * @typedef {(ClientMessage | ServerFrame | StreamEvent)} FurubaWebProtocol
 */

/**
 * @typedef {object} Hello
 * @property {'hello'} type
 * @property {Array<string>} [tokens]
 * @property {(number | null)} [last_seq]
 * @property {(string | null)} [epoch]
 */

/**
 * A chat line from an account this connection's account blocks: nothing to show.
 * @typedef {object} HiddenEvent
 * @property {'hidden'} kind
 */

/**
 * @typedef {object} Hint
 * @property {'hint'} type
 * @property {(number | null)} [seat]
 */

/**
 * @typedef {object} HintMsg
 * @property {'hint'} type
 * @property {number} seat
 * @property {LegalAction} action
 * @property {string} by
 * @property {Array<Suggestion>} suggestions
 */

/**
 * An action as data (``State.action_info``): ``id`` to send back in ``act``, ``text`` to show, ``kind`` and ``params`` as the game documents them. ``name`` is ``text`` again, for clients written before ``text`` existed. >>> LegalAction.of({"id": 3, "text": "discard 3", "kind": "discard", "params": {"card": 3}}) LegalAction(id=3, name='discard 3', text='discard 3', kind='discard', params={'card': 3})
 * @typedef {object} LegalAction
 * @property {number} id
 * @property {string} name
 * @property {string} text
 * @property {string} kind
 * @property {Record<string, unknown>} params
 */

/**
 * The whole lobby, first and whenever it changes.
 * @typedef {object} LobbyEvent
 * @property {'lobby'} type
 * @property {Array<LobbyTable>} tables
 */

/**
 * @typedef {object} LobbySeat
 * @property {number} seat
 * @property {string} kind
 * @property {(string | null)} name
 * @property {boolean} claimed
 * @property {boolean} account
 */

/**
 * A table as the lobby and "your games" list it (public facts only).
 * @typedef {object} LobbyTable
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} status
 * @property {Record<string, unknown>} options
 * @property {Array<string>} variant
 * @property {Array<LobbySeat>} seats
 * @property {number} open_seats
 * @property {boolean} rated
 * @property {string} pace
 * @property {(number | null)} move_hours
 * @property {(number | null)} bots_after
 * @property {number} created_at
 * @property {number} updated_at
 * @property {(number | null)} current
 * @property {string} url
 */

/**
 * Keep the first ``from`` log entries you have, then append ``entries``.
 * @typedef {object} LogDelta
 * @property {number} from
 * @property {Array<Record<string, unknown>>} entries
 */

/**
 * A table a live tournament paired the account at, not over yet.
 * @typedef {object} PairedTable
 * @property {string} table_id
 * @property {string} url
 * @property {string} tournament
 * @property {string} tournament_id
 */

/**
 * @typedef {object} Ping
 * @property {'ping'} type
 */

/**
 * @typedef {object} Pong
 * @property {'pong'} type
 */

/**
 * How a seat's displayed rating moved at the end of a rated game.
 * @typedef {object} RatingMove
 * @property {number} seat
 * @property {(string | null)} name
 * @property {number} before
 * @property {number} after
 */

/**
 * @typedef {object} Reclaim
 * @property {'reclaim'} type
 * @property {(number | null)} [seat]
 */

/**
 * @typedef {object} Rematch
 * @property {'rematch'} type
 */

/**
 * A rematch table exists; the seat tokens of this table also work there.
 * @typedef {object} RematchEvent
 * @property {'rematch'} kind
 * @property {string} table_id
 * @property {string} url
 */

/**
 * @typedef {object} Result
 * @property {Array<number>} returns
 * @property {Array<number>} scores
 * @property {Array<number>} winners
 */

/**
 * @typedef {object} SeatOut
 * @property {number} seat
 * @property {('human' | 'bot')} kind
 * @property {(string | null)} [bot]
 * @property {(string | null)} name
 * @property {boolean} claimed
 * @property {boolean} connected
 * @property {boolean} zombie
 * @property {boolean} [account]
 */

/**
 * @typedef {(Welcome | Snapshot | Event | ErrorMsg | HintMsg | Pong)} ServerFrame
 */

/**
 * @typedef {object} Settings
 * @property {(number | null)} turn_seconds
 * @property {(number | null)} grace_seconds
 * @property {boolean} chat
 * @property {boolean} hints
 * @property {boolean} [spectator_chat]
 * @property {boolean} [public]
 * @property {boolean} [rated]
 * @property {('live' | 'correspondence')} [pace]
 * @property {(number | null)} [move_hours]
 * @property {('bot' | 'end')} [on_timeout]
 * @property {(number | null)} [bots_after]
 * @property {boolean} [undo]
 * @property {boolean} [sealed]
 * @property {(number | null)} [tutorial]
 * @property {(number | null)} [bot_delay]
 */

/**
 * @typedef {object} Snapshot
 * @property {'snapshot'} type
 * @property {number} seq
 * @property {string} epoch
 * @property {TableOut} table
 * @property {Array<ViewEntry>} views
 * @property {Array<ChatLine>} chat
 * @property {(Timer | null)} timer
 */

/**
 * The game began (kept as the first event a reconnecting client may be sent again).
 * @typedef {object} StartEvent
 * @property {'start'} kind
 */

/**
 * @typedef {(LobbyEvent | TurnsEvent | ChallengesEvent | TournamentTablesEvent)} StreamEvent
 */

/**
 * @typedef {object} Suggestion
 * @property {number} id
 * @property {string} name
 * @property {(number | null)} [win_chance]
 * @property {(string | null)} [reason]
 */

/**
 * @typedef {object} Sync
 * @property {'sync'} type
 * @property {number} last_seq
 */

/**
 * Seats or status changed (the frame carries the table). ``timeout``: ``hours``; ``abandoned``: ``idle_seconds``; ``rated``: ``ratings``; these three also a ``message`` in English.
 * @typedef {object} TableEvent
 * @property {'table'} kind
 * @property {('join' | 'connect' | 'disconnect' | 'zombie' | 'reclaim' | 'start' | 'abandoned' | 'timeout' | 'rated')} reason
 * @property {(number | null)} seat
 * @property {(number | null)} [hours]
 * @property {(number | null)} [idle_seconds]
 * @property {(Array<RatingMove> | null)} [ratings]
 * @property {(string | null)} [message]
 */

/**
 * @typedef {object} TableOut
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} frontend
 * @property {number} players
 * @property {Record<string, unknown>} options
 * @property {('waiting' | 'playing' | 'finished' | 'abandoned')} status
 * @property {Array<SeatOut>} seats
 * @property {Settings} settings
 * @property {number} seq
 * @property {(number | null)} current_player
 * @property {(Result | null)} result
 * @property {(string | null)} rematch
 * @property {(string | null)} rematch_of
 * @property {string} url
 * @property {(string | null)} replay_url
 */

/**
 * @typedef {object} Timer
 * @property {number} seat
 * @property {('turn' | 'grace')} kind
 * @property {number} ms_left
 */

/**
 * The tables live tournaments paired the account at that are not over.
 * @typedef {object} TournamentTablesEvent
 * @property {'tournament_tables'} type
 * @property {Array<PairedTable>} tables
 */

/**
 * The tables where it is the account's turn; ``new``: those where a turn just began.
 * @typedef {object} TurnsEvent
 * @property {'turns'} type
 * @property {Array<string>} tables
 * @property {Array<string>} new
 */

/**
 * Take back the seat's own last action (a table with ``undo`` on; see ``undo.py``).
 * @typedef {object} Undo
 * @property {'undo'} type
 * @property {(number | null)} [seat]
 */

/**
 * ``player`` took back its last action (``action``: the action taken back).
 * @typedef {object} UndoEvent
 * @property {'undo'} kind
 * @property {number} player
 * @property {(LegalAction | null)} [action]
 */

/**
 * @typedef {object} ViewEntry
 * @property {(number | null)} seat
 * @property {Record<string, unknown>} view
 * @property {LogDelta} log
 * @property {Array<LegalAction>} legal
 * @property {boolean} [undo]
 */

/**
 * @typedef {object} Welcome
 * @property {'welcome'} type
 * @property {string} table_id
 * @property {Array<number>} seats
 * @property {number} bad_tokens
 * @property {string} epoch
 * @property {number} seq
 * @property {('snapshot' | 'events' | 'none')} resync
 * @property {(string | null)} [route]
 */

export {};
