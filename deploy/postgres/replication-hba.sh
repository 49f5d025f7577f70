#!/bin/sh
# Replication connections from the compose network, with the password (compose.yaml "replica").
echo "host replication pricewatch all scram-sha-256" >> "$PGDATA/pg_hba.conf"
