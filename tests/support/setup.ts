// Loaded before every test file: tsyringe needs the Reflect metadata API (DESIGN "DI").
import "reflect-metadata";
