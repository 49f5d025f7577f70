CREATE TABLE "translations" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "translations_kind_lang_ref_id_pk" PRIMARY KEY("kind","lang","ref_id")
);
