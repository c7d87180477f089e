-- A database as furuba made it before its schema had migrations (the release of December 2026),
-- one row in each table; tests/server/test_schema.py upgrades it and checks that nothing is lost.
BEGIN TRANSACTION;
CREATE TABLE furuba_accounts (
	id INTEGER NOT NULL, 
	name VARCHAR(32) NOT NULL, 
	name_key VARCHAR(32) NOT NULL, 
	password_hash VARCHAR(200) NOT NULL, 
	user_handle VARCHAR(64) NOT NULL, 
	created_at DOUBLE NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name_key), 
	UNIQUE (user_handle)
);
INSERT INTO "furuba_accounts" VALUES(1,'Ann','ann','$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo','aGFuZGxl',1765000000.0);
CREATE TABLE furuba_actions (
	table_id VARCHAR(32) NOT NULL, 
	idx INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action INTEGER NOT NULL, 
	"by" VARCHAR(8) NOT NULL, 
	at DOUBLE NOT NULL, 
	PRIMARY KEY (table_id, idx), 
	FOREIGN KEY(table_id) REFERENCES furuba_tables (id)
);
INSERT INTO "furuba_actions" VALUES('T0ld7ab1e000',0,1,0,3,'human',1765000001.0);
CREATE TABLE furuba_answers (
	id INTEGER NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	"after" INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text TEXT NOT NULL, 
	name VARCHAR(40) DEFAULT '' NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(table_id) REFERENCES furuba_tables (id)
);
INSERT INTO "furuba_answers" VALUES(1,'T0ld7ab1e000',0,2,0,'a kind word','Ann');
CREATE TABLE furuba_challenges (
	id VARCHAR(64) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	account_id INTEGER, 
	challenge BLOB NOT NULL, 
	expires_at DOUBLE NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "furuba_challenges" VALUES('ch-1','register',1,X'03',1765000300.0);
CREATE TABLE furuba_chat (
	id INTEGER NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	seat INTEGER, 
	name VARCHAR(64) NOT NULL, 
	text TEXT NOT NULL, 
	at DOUBLE NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(table_id) REFERENCES furuba_tables (id)
);
INSERT INTO "furuba_chat" VALUES(1,'T0ld7ab1e000',3,0,'Ann','good game',1765000002.0);
CREATE TABLE furuba_games (
	table_id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	finished_at DOUBLE NOT NULL, 
	result JSON NOT NULL, 
	record JSON NOT NULL, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES furuba_tables (id)
);
INSERT INTO "furuba_games" VALUES('T0ld7ab1e000','zodiac',1765000060.0,'{"returns": [1.0, 0.0]}','{"game": "zodiac", "seed": 42, "actions": [3]}');
CREATE TABLE furuba_measures (
	id VARCHAR(32) NOT NULL, 
	creator VARCHAR(64) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	option VARCHAR(40) NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	games INTEGER NOT NULL, 
	done INTEGER NOT NULL, 
	settings JSON NOT NULL, 
	owner VARCHAR(64) NOT NULL, 
	report JSON, 
	error TEXT, 
	created_at DOUBLE NOT NULL, 
	updated_at DOUBLE NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "furuba_measures" VALUES('M1','abababababababababababababababababababababababababababababababab','zodiac','cardset','done',10,10,'{"players": 4}','p1','{"ok": true}',NULL,1765000000.0,1765000000.0);
CREATE TABLE furuba_passkeys (
	credential_id VARCHAR(1400) NOT NULL, 
	account_id INTEGER NOT NULL, 
	public_key BLOB NOT NULL, 
	sign_count BIGINT NOT NULL, 
	transports JSON NOT NULL, 
	name VARCHAR(64) NOT NULL, 
	created_at DOUBLE NOT NULL, 
	used_at DOUBLE, 
	PRIMARY KEY (credential_id), 
	FOREIGN KEY(account_id) REFERENCES furuba_accounts (id)
);
INSERT INTO "furuba_passkeys" VALUES('cred-1',1,X'0102',5,'["internal"]','laptop',1765000000.0,NULL);
CREATE TABLE furuba_rating_events (
	id INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	pool VARCHAR(16) NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	rank INTEGER NOT NULL, 
	share DOUBLE NOT NULL, 
	mu_before DOUBLE NOT NULL, 
	sigma_before DOUBLE NOT NULL, 
	mu DOUBLE NOT NULL, 
	sigma DOUBLE NOT NULL, 
	at DOUBLE NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(account_id) REFERENCES furuba_accounts (id)
);
INSERT INTO "furuba_rating_events" VALUES(1,1,'zodiac','all','T0ld7ab1e000',0,1,1.0,25.0,8.3,27.1,7.9,1765000000.0);
CREATE TABLE furuba_ratings (
	account_id INTEGER NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	pool VARCHAR(16) NOT NULL, 
	mu DOUBLE NOT NULL, 
	sigma DOUBLE NOT NULL, 
	games INTEGER NOT NULL, 
	wins DOUBLE NOT NULL, 
	updated_at DOUBLE NOT NULL, 
	PRIMARY KEY (account_id, game, pool), 
	FOREIGN KEY(account_id) REFERENCES furuba_accounts (id)
);
INSERT INTO "furuba_ratings" VALUES(1,'zodiac','all',27.1,7.9,1,1.0,1765000000.0);
CREATE TABLE furuba_reviews (
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	status VARCHAR(8) NOT NULL, 
	progress FLOAT NOT NULL, 
	owner VARCHAR(64) NOT NULL, 
	sims INTEGER NOT NULL, 
	review JSON, 
	error TEXT, 
	started_at DOUBLE NOT NULL, 
	updated_at DOUBLE NOT NULL, 
	PRIMARY KEY (table_id, seat)
);
INSERT INTO "furuba_reviews" VALUES('T0ld7ab1e000',0,'done',1.0,'p1',100,'{"decisions": []}',NULL,1765000000.0,1765000000.0);
CREATE TABLE furuba_saved_files (
	id VARCHAR(32) NOT NULL, 
	account_id INTEGER NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	option VARCHAR(40) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	text TEXT NOT NULL, 
	created_at DOUBLE NOT NULL, 
	updated_at DOUBLE NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(account_id) REFERENCES furuba_accounts (id) ON DELETE CASCADE
);
INSERT INTO "furuba_saved_files" VALUES('F1',1,'zodiac','cardset','mine','[meta]
name=''mine''
',1765000000.0,1765000000.0);
CREATE TABLE furuba_seats (
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	kind VARCHAR(8) NOT NULL, 
	bot VARCHAR(64), 
	name VARCHAR(64), 
	token_hash VARCHAR(64), 
	account_id INTEGER, 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES furuba_tables (id)
);
INSERT INTO "furuba_seats" VALUES('T0ld7ab1e000',0,'human',NULL,'Ann','cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd',1);
CREATE TABLE furuba_sessions (
	id_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER NOT NULL, 
	created_at DOUBLE NOT NULL, 
	seen_at DOUBLE NOT NULL, 
	expires_at DOUBLE NOT NULL, 
	PRIMARY KEY (id_hash), 
	FOREIGN KEY(account_id) REFERENCES furuba_accounts (id)
);
INSERT INTO "furuba_sessions" VALUES('efefefefefefefefefefefefefefefefefefefefefefefefefefefefefefefef',1,1765000000.0,1765000000.0,1765086400.0);
CREATE TABLE furuba_tables (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	options JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	settings JSON NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	seq INTEGER NOT NULL, 
	rematch_of VARCHAR(32), 
	rematch VARCHAR(32), 
	ready BOOLEAN NOT NULL, 
	created_at DOUBLE NOT NULL, 
	updated_at DOUBLE NOT NULL, 
	creator VARCHAR(64), 
	public BOOLEAN DEFAULT '0' NOT NULL, 
	rated BOOLEAN DEFAULT '0' NOT NULL, 
	current INTEGER, 
	PRIMARY KEY (id)
);
INSERT INTO "furuba_tables" VALUES('T0ld7ab1e000','zodiac','{"cardset": "default"}',42,'{"public": true, "rated": false}','finished',7,NULL,NULL,0,1765000000.0,1765000060.0,'abababababababababababababababababababababababababababababababab',1,0,NULL);
CREATE TABLE furuba_uploads (
	digest VARCHAR(64) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	option VARCHAR(40) NOT NULL, 
	text TEXT NOT NULL, 
	created_at DOUBLE NOT NULL, 
	PRIMARY KEY (digest)
);
INSERT INTO "furuba_uploads" VALUES('0101010101010101010101010101010101010101010101010101010101010101','zodiac','cardset','[meta]
',1765000000.0);
CREATE INDEX ix_furuba_tables_creator ON furuba_tables (creator);
CREATE INDEX ix_furuba_tables_status ON furuba_tables (status);
CREATE INDEX ix_furuba_tables_public ON furuba_tables (public);
CREATE INDEX ix_furuba_challenges_expires_at ON furuba_challenges (expires_at);
CREATE INDEX ix_furuba_measures_creator ON furuba_measures (creator);
CREATE INDEX ix_furuba_measures_status ON furuba_measures (status);
CREATE INDEX ix_furuba_seats_account_id ON furuba_seats (account_id);
CREATE INDEX ix_furuba_answers_table_id ON furuba_answers (table_id);
CREATE INDEX ix_furuba_chat_table_id ON furuba_chat (table_id);
CREATE INDEX ix_furuba_sessions_account_id ON furuba_sessions (account_id);
CREATE INDEX ix_furuba_passkeys_account_id ON furuba_passkeys (account_id);
CREATE INDEX ix_furuba_rating_events_table_id ON furuba_rating_events (table_id);
CREATE INDEX ix_furuba_rating_events_account_id ON furuba_rating_events (account_id);
CREATE INDEX ix_furuba_saved_files_account_id ON furuba_saved_files (account_id);
COMMIT;
