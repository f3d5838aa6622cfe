import { Module } from '@nestjs/common';
import { PagesController } from './pages.controller';

/** The web pages (web/, built by Vite): the lobby at `/` and one match at `/play/{game}/{id}`. */
@Module({ controllers: [PagesController] })
export class PagesModule {}
