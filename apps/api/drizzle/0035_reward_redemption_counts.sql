CREATE TABLE "reward_redemption_counts" (
	"reward_id" text NOT NULL,
	"shard" integer NOT NULL,
	"client_id" text NOT NULL,
	"redeemed" integer NOT NULL,
	CONSTRAINT "reward_redemption_counts_reward_id_shard_pk" PRIMARY KEY("reward_id","shard")
);
